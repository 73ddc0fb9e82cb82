-- Which model answered, and where, as the answer shows it ("llama3.1:8b via OpenAI-compatible
-- server at localhost:11434"): the engine kind alone does not say which of a GM's own models
-- answered. Null for the engines whose kind says it (Claude, the offline engine).
alter table messages add column engine_label text;
