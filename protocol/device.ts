/**
 * The device id on the wire (integrity, issue 17): a module of its own, without zod, because every call
 * of the player app sends it and the first load must not bring the admin schemas of ./integrity.ts.
 */

/** The header that carries the app's device id: a random id kept in the device's local storage. */
export const DEVICE_ID_HEADER = 'x-device-id';
/** What a device id looks like (the app makes 32 hex digits; anything of this shape is taken). */
export const deviceIdPattern = /^[A-Za-z0-9_-]{16,64}$/;
