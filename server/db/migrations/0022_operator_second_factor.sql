-- A second factor for operators (issue 35): TOTP (RFC 6238, 6 digits, 30 s, SHA-1), as authenticator apps
-- read it from an otpauth:// QR code. totp_pending_secret: set up, not yet confirmed with a code;
-- totp_secret + totp_enabled_at: on. totp_last_step: the time step of the last code accepted, so a code
-- is never accepted twice (and no older one after it).
ALTER TABLE admins ADD COLUMN totp_pending_secret text;
ALTER TABLE admins ADD COLUMN totp_secret text;
ALTER TABLE admins ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE admins ADD COLUMN totp_last_step bigint;

-- Ten single-use recovery codes per operator, given once at setup; only their SHA-256 is kept.
CREATE TABLE admin_recovery_codes (
  admin_id   uuid NOT NULL REFERENCES admins(id),
  code_hash  text NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (admin_id, code_hash)
);
