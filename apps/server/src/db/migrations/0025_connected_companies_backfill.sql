-- An expert's connected company ids (the My Network search's scope, spec 001 §6) were recorded only when the
-- company accepted a connection; an expert's accept left them out. Every accepted connection now records its
-- company whichever side accepted (connections/respond.ts); this adds the ones accepted by experts before that,
-- each company once, keeping the ids already there and their order.
UPDATE experts AS e
SET connected_company_ids = e.connected_company_ids || missing.ids
FROM (
  SELECT r.expert_id, array_agg(DISTINCT r.company_id ORDER BY r.company_id) AS ids
  FROM connection_requests AS r
  JOIN experts AS x ON x.id = r.expert_id
  WHERE r.accepted AND NOT (r.company_id = ANY (x.connected_company_ids))
  GROUP BY r.expert_id
) AS missing
WHERE e.id = missing.expert_id;
