/**
 * English texts of the auth area (see ../en.ts): the signed-out pages (login, register, forgot and
 * reset password) and their success popups. The words are the spec's (§2, §8); the forms' validation
 * messages are protocol texts, translated under `errors` (src/i18n/serverText.ts).
 */
const auth = {
  username: 'Username',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  newPassword: 'New Password',
  goToLogin: 'Go to Login',
  backToLogin: 'Back to Login',
  login: {
    title: 'Login',
    subtitle: 'Welcome back. Sign in to play.',
    forgot: 'Forgot password?',
    register: 'Register',
    submit: 'Login',
    or: 'or',
    failed: 'Login failed',
    error: 'Login failed due to server error',
  },
  register: {
    title: 'Register',
    subtitle: 'Create your account to play.',
    invited: 'You were invited by a friend. Create your account to join.',
    haveAccount: 'Already have an account?',
    login: 'Login',
    submit: 'Register',
    done: 'Congratulations! You have successfully registered.',
    failed: 'Failed to register',
    error: 'An error occurred',
  },
  forgot: {
    title: 'Forgot password',
    subtitle: 'Enter the email of your account and we will send you a link to choose a new password.',
    remembered: 'Remembered it?',
    submit: 'Send Reset Link',
    sent: 'Link Sent!',
    checkInbox: 'Check your inbox for the reset link.',
    failed: 'Failed to send reset link.',
    error: 'An error occurred while sending the reset link.',
  },
  reset: {
    title: 'Reset password',
    subtitle: 'Choose a new password for your account.',
    submit: 'Reset Password',
    done: 'Password Reset Successfully!',
    canLogIn: 'You can now log in with your new password.',
    failed: 'Failed to reset password',
    error: 'An error occurred while resetting the password.',
  },
};

export default auth;
