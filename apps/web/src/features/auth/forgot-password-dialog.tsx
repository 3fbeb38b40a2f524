import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { EMAIL_PATTERN } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { useForgotPasswordMutation } from './auth-api';
import { AUTH_TEXT, forgotPasswordErrorMessage } from './auth-messages';

/**
 * The "Forgot Password ?" prompt: asks for the account's e-mail address (checked with the
 * contract's pattern) and asks the server to mail a reset link.
 */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError(AUTH_TEXT.invalidEmail);
      return;
    }
    setError(null);
    const result = await forgotPassword({ email: address });
    if (result.error) {
      toast.error(forgotPasswordErrorMessage(result.error));
      return;
    }
    toast.success(AUTH_TEXT.forgotSent);
    setEmail('');
    onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Forgot Password"
      description="Enter the e-mail address of your account and we will send you a link to set a new password."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <Input
          label="Email"
          type="email"
          name="forgot-email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send reset link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
