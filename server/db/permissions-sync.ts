/** Mirrors the permission catalogue of common/permissions.ts into the permissions table at start. */
import { PERMISSION_NAMES, PERMISSIONS } from '../../common/permissions';
import type { Db } from './client';

export async function syncPermissions(db: Db) {
  await db.transaction(async (tx) => {
    for (const [index, name] of PERMISSION_NAMES.entries()) {
      const def = PERMISSIONS[name] as { area: string; adminOnly?: boolean; dependsOn?: readonly string[] };
      await tx.query(
        `INSERT INTO permissions (name, area, admin_only, depends_on, sort_order) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) DO UPDATE SET area = EXCLUDED.area, admin_only = EXCLUDED.admin_only,
           depends_on = EXCLUDED.depends_on, sort_order = EXCLUDED.sort_order`,
        [name, def.area, Boolean(def.adminOnly), def.dependsOn ?? [], index],
      );
    }
    // A permission removed from the catalogue disappears from every role with it.
    await tx.query('DELETE FROM permissions WHERE NOT (name = ANY($1::text[]))', [PERMISSION_NAMES]);
  });
}
