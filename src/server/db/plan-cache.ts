/**
 * Start parameter of every database session: prepared statements use one generic plan. With
 * PostgreSQL's default (`auto`) a statement whose generic plan looks costlier than its first
 * five custom plans is planned again on every execution: the chat's turn statement spent
 * ≈ 1 ms of every send in planning (bind), the session lookup ≈ 0.3 ms. Our prepared statements
 * are key lookups whose best plan does not depend on the values. Statements the query builder
 * sends are unnamed and planned per execution as before.
 */
export const PLAN_ONCE = 'plan_cache_mode=force_generic_plan';
