/**
 * The profiles module: the wizard, the lifecycle (submit, publish, approve, pause, deactivate, disable,
 * unpublish), profile views under the read-access policy, and images. It owns one table, `profile_images` (the
 * uploaded pictures); a profile's rows are the members module's.
 */
export { createImageStore, type ImageStore } from './profiles.images.ts';
export { createProfilesService, type ExpertApprovedHook, type ProfilesService } from './profiles.service.ts';
