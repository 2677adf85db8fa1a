/** Who did what and when, as every view of a record names it. */

/** A user as a view names them: enough to show and link, never their e-mail. */
export interface UserRef {
  _id: string;
  name: string;
}

/** Made and last changed, and by whom (null when the user is gone). */
export interface ChangeStamps {
  created_at: string;
  created_by: UserRef | null;
  updated_at: string;
  updated_by: UserRef | null;
}

/** Deleted records stay readable: when, by whom and why. */
export interface DeletionStamps {
  is_deleted: boolean;
  deleted_at: string | null;
  deleted_by: UserRef | null;
  delete_reason: string | null;
}
