import { IconPaw } from '@tabler/icons-react';

/** The pets' icon (navigation, page titles). */
export const PetIcon = (props: { size?: number }) => <IconPaw {...props} />;
