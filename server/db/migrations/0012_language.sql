-- The language a player reads the product in (issue 23): their own choice in Profile, or Telegram's
-- language_code kept at sign-in; null until either is known (the app then follows the browser).
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'ru', 'hy'));
