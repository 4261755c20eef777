declare namespace App {
  interface Locals {
    viewer: import("../users/current-user.ts").Viewer | null;
    db: import("../db/client.ts").Db;
    /** A remembered viewer not yet checked (lib/web/identify.ts identifyOrDefer); endpoint() settles it. */
    pendingSession?: import("../auth/session-cache.ts").PendingSession;
  }
}
