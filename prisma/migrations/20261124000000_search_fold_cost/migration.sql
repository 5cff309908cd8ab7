-- The planner took search_fold() for as cheap as an operator (cost 100 per call, the default
-- for SQL functions is 100 only when inlined) and preferred reading every member through the
-- name index, folding each one (20 to 40 ms for 10,000 members), over the trigram index
-- (2 ms). Its real cost (unaccent with a dictionary lookup per character) tells it so, and
-- a search no longer needs a transaction with enable_seqscan = off.
ALTER FUNCTION "search_fold"(TEXT) COST 1000;
