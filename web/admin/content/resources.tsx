import DescriptionIcon from '@mui/icons-material/Description';
import ExploreIcon from '@mui/icons-material/Explore';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HomeIcon from '@mui/icons-material/Home';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import MapIcon from '@mui/icons-material/Map';
import { createSvgIcon } from '@mui/material/utils';
import type { ComponentType } from 'react';
import { Resource } from 'react-admin';
import { type EditableSection, editableOf, editableSections, roleOf } from '../../../common/editorial';
import { modules } from '../../../common/section-modules';
import { contentScreens } from './screens';

/** A section's menu icon, from the SVG path its module gives (`edit.icon`): any icon, no list of names. */
const sectionIcon = (slug: string, path: string) => createSvgIcon(<path d={path} />, slug);

/** The menu's icon of each kind: a section's from its module; the simple directories share one. */
const icons: Partial<Record<EditableSection, ComponentType>> = {
  ...Object.fromEntries(
    modules.flatMap((s) => ('edit' in s ? [[s.slug, sectionIcon(s.slug, s.edit.icon)]] : [])),
  ),
  directions: ExploreIcon,
  pages: DescriptionIcon,
  'main-page': HomeIcon,
  partners: HandshakeIcon,
  district: MapIcon,
  city: LocationCityIcon,
};

/**
 * One resource per editable kind (common/editorial.ts): `content/<kind>`, its screens made from its
 * fields, in the description's order. The kinds only admins may change are not offered to editors
 * (the server refuses them anyway).
 */
export const contentResources = (permissions: unknown) =>
  editableSections
    .filter((section) => roleOf(section) === 'editor' || permissions === 'admin')
    .map((section) => (
      <Resource
        key={section}
        name={`content/${section}`}
        {...contentScreens(section)}
        icon={icons[section] ?? ListAltIcon}
        // A list row has the Russian name, an item read whole its document.
        recordRepresentation={(r) =>
          (r.name as string | undefined) ??
          (r.document?.[editableOf(section).title ?? 'name']?.ru as string | undefined) ??
          `№ ${r.id}`
        }
      />
    ));
