CREATE TABLE "nav_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hidden" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"role" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"badge" text,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	"date_of_birth" date,
	"knet_user" text,
	"transporter_id" text,
	"training_delivered" boolean DEFAULT false NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"personal_email" text,
	"mobile_number" text,
	"whatsapp_mobile_number" text,
	"driver_license" text,
	"driver_license_expiry" date,
	"van_group_id" integer,
	"agency_id" integer,
	"can_create_old_shifts" boolean DEFAULT false NOT NULL,
	"rate_per_hour_cents" integer,
	"ignore_sms" boolean DEFAULT false NOT NULL,
	"last_status_change" timestamp with time zone,
	"last_status_changed_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_transporter_id_unique" UNIQUE("transporter_id")
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "agencies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fleet_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "fleet_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "station_spot_fleet_groups" (
	"spot_id" integer NOT NULL,
	"fleet_group_id" integer NOT NULL,
	CONSTRAINT "station_spot_fleet_groups_spot_id_fleet_group_id_pk" PRIMARY KEY("spot_id","fleet_group_id")
);
--> statement-breakpoint
CREATE TABLE "station_spots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"agency_id" integer,
	CONSTRAINT "station_spots_user_station" UNIQUE("user_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "stations_tag_unique" UNIQUE("tag")
);
--> statement-breakpoint
CREATE TABLE "fleet_sizes" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scanners" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"serial_number" text NOT NULL,
	"station_id" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "scanners_kind_serial" UNIQUE("kind","serial_number")
);
--> statement-breakpoint
CREATE TABLE "van_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"supervisor_id" integer,
	CONSTRAINT "van_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vans" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"plate_number" text DEFAULT '' NOT NULL,
	"vin" text DEFAULT '' NOT NULL,
	"fleet_size_id" integer,
	"van_group_id" integer,
	"station_id" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"status_change_reason" integer,
	"pick_up_date" date,
	"ownership" integer,
	"monthly_rate_cents" integer,
	"company" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"last_status_change" timestamp with time zone,
	"last_status_changed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vans_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "org_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nav_settings" ADD CONSTRAINT "nav_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_van_group_id_van_groups_id_fk" FOREIGN KEY ("van_group_id") REFERENCES "public"."van_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_status_changed_by_id_users_id_fk" FOREIGN KEY ("last_status_changed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_spot_fleet_groups" ADD CONSTRAINT "station_spot_fleet_groups_spot_id_station_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."station_spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_spot_fleet_groups" ADD CONSTRAINT "station_spot_fleet_groups_fleet_group_id_fleet_groups_id_fk" FOREIGN KEY ("fleet_group_id") REFERENCES "public"."fleet_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_spots" ADD CONSTRAINT "station_spots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_spots" ADD CONSTRAINT "station_spots_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_spots" ADD CONSTRAINT "station_spots_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scanners" ADD CONSTRAINT "scanners_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "van_groups" ADD CONSTRAINT "van_groups_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vans" ADD CONSTRAINT "vans_fleet_size_id_fleet_sizes_id_fk" FOREIGN KEY ("fleet_size_id") REFERENCES "public"."fleet_sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vans" ADD CONSTRAINT "vans_van_group_id_van_groups_id_fk" FOREIGN KEY ("van_group_id") REFERENCES "public"."van_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vans" ADD CONSTRAINT "vans_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vans" ADD CONSTRAINT "vans_last_status_changed_by_id_users_id_fk" FOREIGN KEY ("last_status_changed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "vans_station_idx" ON "vans" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "vans_status_idx" ON "vans" USING btree ("status");--> statement-breakpoint
CREATE INDEX "login_failures_key_at_idx" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","id");