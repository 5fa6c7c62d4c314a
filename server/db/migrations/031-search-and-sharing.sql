-- The search and sharing fields of every kind of item with a public page of its own (decision 053):
-- a title and a description for search results and shared links, each in three languages like the
-- other texts, and the picture a shared link shows (a picture id of the media library). Null is
-- "not set": the page then uses its own title, summary and first picture. Drafts, working copies
-- and history entries saved before lack them: the back office reads them as null (documentOf).
alter table places add column search_title jsonb, add column search_description jsonb, add column share_image text;
alter table routes add column search_title jsonb, add column search_description jsonb, add column share_image text;
alter table events add column search_title jsonb, add column search_description jsonb, add column share_image text;
alter table news add column search_title jsonb, add column search_description jsonb, add column share_image text;
alter table tourism_types add column search_title jsonb, add column search_description jsonb, add column share_image text;
alter table directions add column search_title jsonb, add column search_description jsonb, add column share_image text;
alter table pages add column search_title jsonb, add column search_description jsonb, add column share_image text;
