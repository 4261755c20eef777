CREATE TABLE "view_settings" (
	"user_id" integer NOT NULL,
	"view" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "view_settings_user_id_view_pk" PRIMARY KEY("user_id","view")
);
--> statement-breakpoint
ALTER TABLE "view_settings" ADD CONSTRAINT "view_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;