import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, isNativeApp } from '#client/lib/api-base.ts';

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  vi.unstubAllEnvs();
});

describe('where API calls go', () => {
  it('uses relative paths in the browser', () => {
    vi.stubEnv('VITE_NATIVE_API_HOST', 'https://api.example.com');
    expect(isNativeApp()).toBe(false);
    expect(apiUrl('/api/chat')).toBe('/api/chat');
  });

  it('uses the configured backend host inside the native app', () => {
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    vi.stubEnv('VITE_NATIVE_API_HOST', 'https://api.example.com/');
    expect(isNativeApp()).toBe(true);
    expect(apiUrl('/api/chat')).toBe('https://api.example.com/api/chat');
  });

  it('treats the web build of the Capacitor runtime as the browser', () => {
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => false };
    expect(apiUrl('/api/user')).toBe('/api/user');
  });
});
