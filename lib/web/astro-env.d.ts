declare namespace App {
  interface Locals {
    viewer: import("../users/current-user.ts").Viewer | null;
    db: import("../db/client.ts").Db;
  }
}
