-- Who organises an event, when it is known: a name in three languages and its site. Null is
-- unknown (the portal that lists the event is not its organiser). Drafts and earlier versions of
-- events lack these fields: the back office reads them as null (documentOf).
alter table events add column organizer jsonb;
alter table events add column organizer_site text;
