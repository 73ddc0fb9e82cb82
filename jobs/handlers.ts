// Importing a feature's job module registers its handler with defineJobHandler.
import './ingest';
import './reembed';
import './concept-map';

export {};
