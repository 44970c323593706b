import type { AnnouncementKind } from '../../../../../model/announcement.ts';

/**
 * The spec's screens of each kind under `/{userTypeId}/` (B §2): latest-information with its
 * create, detail and edit; system-notification with create-notification, notification/{id} and
 * its edit.
 */
export function announcementPaths(prefix: string, kind: AnnouncementKind) {
  const base = `/${prefix}`;
  return kind === 'news'
    ? {
        list: `${base}/latest-information`,
        create: `${base}/latest-information/create`,
        detail: (id: string) => `${base}/latest-information/${id}`,
        edit: (id: string) => `${base}/latest-information/edit/${id}`,
      }
    : { list: `${base}/system-notification`, create: `${base}/create-notification`, detail: (id: string) => `${base}/notification/${id}`, edit: (id: string) => `${base}/notification/edit/${id}` };
}
