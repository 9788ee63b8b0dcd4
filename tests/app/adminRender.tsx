import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import { ROLE_PERMISSIONS, type OperatorRole } from '../../protocol/operators.ts';
import { createAdminQueryClient } from '../../admin/AdminApp.tsx';
import { adminRoutes } from '../../admin/routes.tsx';
import { stubApi, type StubCall, type StubRoute } from './apiStub.ts';

export const OPERATOR_TOKEN = 'operator-token';

/** The back office on a memory router, as admin/main.tsx builds it. */
export function renderAdmin(path: string) {
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] });
  const queryClient = createAdminQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user: userEvent.setup(), path: () => router.state.location.pathname };
}

/** A signed-in operator (stored token, the session answers; an owner unless `role` says otherwise) and the given admin routes. */
export function operatorApi(routes: Record<string, StubRoute> = {}, role: OperatorRole = 'owner') {
  window.localStorage.setItem('adminToken', OPERATOR_TOKEN);
  return stubApi({
    'GET /api/admin/session': ({ headers }) =>
      headers.authorization === `Bearer ${OPERATOR_TOKEN}`
        ? { body: { username: 'operator', role, permissions: [...ROLE_PERMISSIONS[role]] } }
        : { status: 401, body: { message: 'Not signed in' } },
    'POST /api/admin/logout': { body: { ok: true } },
    ...routes,
  });
}

/** The query of a recorded call. */
export const paramsOf = (call: StubCall | undefined): URLSearchParams => new URL(call?.path ?? '/', 'http://localhost').searchParams;

export interface SavedFile {
  filename: string;
  blob: Blob;
}

/** Records the files the page hands to the browser (object URL + a link click), jsdom having no downloads. */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  const urlStatics = URL as unknown as { createObjectURL?: unknown; revokeObjectURL?: unknown };
  const original = { create: urlStatics.createObjectURL, revoke: urlStatics.revokeObjectURL };
  urlStatics.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:http://localhost/file-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  });
  urlStatics.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ filename: this.download, blob });
  });
  onTestFinished(() => {
    urlStatics.createObjectURL = original.create;
    urlStatics.revokeObjectURL = original.revoke;
  });
  return saved;
}

/** A Blob's bytes through jsdom's FileReader (Node's Response does not take jsdom's Blob). */
function read<Result>(blob: Blob, as: 'readAsText' | 'readAsArrayBuffer'): Promise<Result> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as Result);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader[as](blob);
  });
}

// A fetched file is Node's Blob (from the Response), a built one is jsdom's: each is read its own way.
const isJsdomBlob = (blob: Blob): boolean => blob instanceof globalThis.Blob;
export const blobText = (blob: Blob): Promise<string> => (isJsdomBlob(blob) ? read<string>(blob, 'readAsText') : blob.text());
export const blobBytes = (blob: Blob): Promise<ArrayBuffer> =>
  isJsdomBlob(blob) ? read<ArrayBuffer>(blob, 'readAsArrayBuffer') : blob.arrayBuffer();
