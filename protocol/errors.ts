/**
 * Texts the app shows when the server sends no `message` (spec section 8), and the validation
 * texts both sides use (spec section 5). One place, so client and server never drift apart.
 */
export const validationText = {
  usernameRequired: 'Username is required',
  usernameShape: 'Username must be 3–32 letters, digits or _',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  forgotEmailInvalid: 'Please enter a valid email address.',
  nicknameRequired: 'Nickname is required',
  nicknameTooLong: 'Nickname must be at most 32 characters',
  nicknameMarkup: 'Nickname must not contain < or >',
  countryUnknown: 'Unknown country',
  invalidCredentials: 'Invalid credentials',
  invalidUsernameOrPassword: 'Invalid username or password',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already registered',
  resetTokenInvalid: 'This reset link is invalid or has expired',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  notSignedIn: 'Not signed in',
  telegramOff: 'Telegram login is not configured on this server',
  telegramInvalid: 'Telegram login data is invalid or expired',
  badJson: 'The request body is not valid JSON',
} as const;

export const errorText = {
  register: { failed: 'Failed to register', error: 'An error occurred' },
  login: { failed: 'Login failed', error: 'Login failed due to server error' },
  forgot: { failed: 'Failed to send reset link.', error: 'An error occurred while sending the reset link.' },
  reset: { failed: 'Failed to reset password', error: 'An error occurred while resetting the password.' },
  admin: { invalidCredentials: 'Invalid credentials' },
  gameState: 'Failed to fetch the current game state.',
  invalidDate: 'Invalid Date',
} as const;

/**
 * Every non-2xx answer of the API has this body (DESIGN.md section 3): the spec's English text, and a
 * stable code the app translates (protocol/errorCodes.ts).
 */
export interface ErrorBody {
  message: string;
  code: string;
}
