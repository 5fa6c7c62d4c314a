export const districtHref = (id: number) => `/directions/detail/${id}`;
