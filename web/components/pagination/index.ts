export { pageCount, pageOfSearch, pageWindow, searchWithPage } from './page-window';
export { Pagination, type PaginationProps } from './pagination';
export { useListTop } from './use-list-top';
