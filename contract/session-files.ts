/** The notes file a session's form may upload in place of typed notes (issue 35). */
export const SESSION_NOTES_FILE_TYPES = ['md', 'markdown', 'txt', 'log'] as const;
