/** Postcard search: the gallery's field and its results' query (the suggestions and the empty state load on use). */
export { isPicking, SEARCH_MAX, searchAddress, searchQuery } from './address';
export { searchPageQuery } from './queries';
export { SearchBox } from './SearchBox';
export { SearchHeading } from './SearchHeading';
