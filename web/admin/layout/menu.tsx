import FactCheckIcon from '@mui/icons-material/FactCheck';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import SettingsIcon from '@mui/icons-material/Settings';
import { Menu, usePermissions, useTranslate } from 'react-admin';

/** The side menu: home, the resources the account may open, and for admins the settings. */
export function AdminMenu() {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('admin.menu.dashboard')} />
      <Menu.ResourceItems />
      <Menu.Item
        to="/facts/stale"
        primaryText={translate('admin.menu.facts_stale')}
        leftIcon={<FactCheckIcon />}
      />
      <Menu.Item to="/facts/osm" primaryText={translate('admin.menu.facts_osm')} leftIcon={<MapIcon />} />
      {permissions === 'admin' && (
        <Menu.Item
          to="/settings"
          primaryText={translate('admin.menu.settings')}
          leftIcon={<SettingsIcon />}
        />
      )}
      <Menu.Item
        to="/my-account"
        primaryText={translate('admin.menu.my_account')}
        leftIcon={<ManageAccountsIcon />}
      />
    </Menu>
  );
}
