import type { AccessTokenPayload } from '@rollbook/contract';
import { Dialog } from '../../components/ui/dialog';
import { ProfileDetails } from './profile-details';
import { PROFILE_TITLES } from './profile-labels';

export interface ProfileDialogProps {
  profile: AccessTokenPayload;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The profile dialog opened from the bottom bar, titled per role ("Branch-dmin Profile",
 * "Faculty Profile", "Student Profile").
 */
export function ProfileDialog({ profile, open, onOpenChange }: ProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={PROFILE_TITLES[profile.obj.profile.role]}>
      <ProfileDetails profile={profile} />
    </Dialog>
  );
}
