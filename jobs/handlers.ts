// Importing a feature's job module registers its handler with defineJobHandler.
export {};
