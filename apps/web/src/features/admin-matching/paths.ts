/** The admin suggestions page's address (a separate module: the app's navigation loads it eagerly). */
export const adminSuggestionsPath = '/admin/suggestions';
