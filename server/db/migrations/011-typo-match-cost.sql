-- The planner's price of pg_trgm's word similarity test (`word <% names_all`, the search's typo
-- match). pg_trgm declares it as cheap as comparing two integers (cost 1); it builds the trigrams
-- of both texts on every call, about 13 µs a row at factor 10, a hundred times an integer
-- comparison. At cost 1 the planner read a table from its start and tested every row rather than
-- use the indexes: the news search for "усадьба" (one item in eight matches) tested 782 rows in
-- 14.9 ms, with the indexes 0.4 ms. Cost 100 is the measured ratio.
-- A database user that does not own the extension's functions (pg_trgm installed by a superuser)
-- may not change it: then the plans stay as they were, and the notice says what to run.
do $$
begin
  alter function word_similarity_op(text, text) cost 100;
exception when insufficient_privilege then
  raise notice 'the search plans better after, as a superuser: alter function word_similarity_op(text, text) cost 100';
end
$$;
