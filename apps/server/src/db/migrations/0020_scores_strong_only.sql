-- Only strong pairs are stored from now on (score ≥ 80, the community score minimum: modules/matching's
-- STORED_SCORE_MINIMUM). A weaker pair's score is computed from the two profiles when it is shown, so the rows
-- below it are dropped: nothing reads them any more, and the next job or batch would delete them anyway.
DELETE FROM match_scores WHERE score < 80;
