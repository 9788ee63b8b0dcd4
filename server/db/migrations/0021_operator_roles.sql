-- Operators' roles (issue 35): owner (everything, and the operators), finance, support, viewer
-- (protocol/operators.ts ROLE_PERMISSIONS). Every operator there was could do everything: they stay owners.
-- disabled_at: an operator an owner has switched off; they can no longer sign in, and their sessions end.
ALTER TABLE admins ADD COLUMN role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'finance', 'support', 'viewer'));
ALTER TABLE admins ADD COLUMN disabled_at timestamptz;
