import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { SignInForm } from '../components/sign-in-form';

/** /login and /auth: sign-in, titled "Authorization". */
export function LoginPage() {
  return (
    <AuthShell
      title="Authorization"
      description="Sign in to screen wallets and download AML reports."
      footer={
        <>
          No account yet?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Register
          </Anchor>
        </>
      }
    >
      <SignInForm kind="user" />
    </AuthShell>
  );
}
