"""The search language's SQL: conditions, plan, the query, the facts and counts it reads."""
