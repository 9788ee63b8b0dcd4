import { Section } from '@telegram-apps/telegram-ui';

/**
 * Why a signed-out form's call failed (what the server said, or the spec's default text), under the
 * form's fields as their section's footer; nothing when all went well.
 */
export function AuthProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Section.Footer>
      <span className="auth-page__problem" role="alert">
        {message}
      </span>
    </Section.Footer>
  );
}
