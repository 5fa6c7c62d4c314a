-- An information page's body is a rich text (decision 052), in its column `blocks`: a document per
-- language once a save of this release stores it, the blocks of before until then (read as their
-- documents by common/rich-text.ts; no row is rewritten). The gaps read a body's documents as any
-- rich text's: a language lacks when its document is absent. Its blocks are still read by
-- content_blocks_lack (033), each heading, paragraph, caption and list item lacking the language;
-- a text that is an array is such blocks, not a translation whose languages are keys. Nothing the
-- gaps hold changes: every body is blocks while this runs, which both releases read the same way.
create or replace function content_texts_lack(doc jsonb, texts text[], lang text) returns boolean
language sql immutable parallel safe
return exists (
  select 1 from unnest(texts) as c
  where coalesce(doc -> c, 'null'::jsonb) <> 'null'::jsonb and jsonb_typeof(doc -> c) <> 'array'
    and coalesce(btrim(doc -> c ->> lang), '') = '');

-- the page's body among its translated texts, as common/editorial.ts lists them
update content_gap_sections set texts = '{title,annotation,blocks,search_title,search_description}'
where section = 'pages';
