/** Element ids shared by the directions page's tabs, dropdown and card panel. */
export const districtTabId = (id: number) => `district-tab-${id}`;
export const districtPanelId = 'district-panel';
