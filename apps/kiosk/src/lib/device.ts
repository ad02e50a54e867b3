/**
 * The kiosk's registration (device code and secret), kept in localStorage: set once by staff on the
 * setup screen, sent with every kiosk call (`kiosk-device`, `kiosk-secret`).
 */
import { z } from 'zod/mini';

const STORAGE_KEY = 'santap-kiosk-device';

const deviceSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(80)),
  secret: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type DeviceCredentials = z.infer<typeof deviceSchema>;

export function storedDevice(): DeviceCredentials | null {
  try {
    const parsed = deviceSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveDevice(device: DeviceCredentials) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
}

export function forgetDevice() {
  localStorage.removeItem(STORAGE_KEY);
}
