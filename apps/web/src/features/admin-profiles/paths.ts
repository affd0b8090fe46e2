/** The admin profiles pages' addresses (a separate module: the app's navigation loads it eagerly). */
export const adminProfilesPath = '/admin/profiles';
export const adminProfilePath = (id: string) => `${adminProfilesPath}/${encodeURIComponent(id)}`;
