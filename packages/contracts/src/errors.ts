
/** The error catalogue's texts the API and web share. */
export const messages = {
  invalidParameters: 'Invalid parameters or constraints violation',
  incorrectCredentials: 'Incorrect email address or password',
  codeRequired: 'Code required',
  invalidCode: 'Invalid or expired code',
  tooManyAttempts: 'Too many attempts, try again later',
  notSignedIn: 'Not signed in',
  forbidden: 'Access denied',
  notFound: 'Not found',
  deviceNotFound: 'Device not found',
  invalidGroupId: 'Invalid group ID',
  registrationDisabled: 'Registration is disabled',
  emailTaken: 'Email address is already in use',
  userRegistered: 'New user has been registered',
  checkEmail: 'Check your email',
  passwordSet: 'New password is set',
  invalidToken: 'The link is invalid or has expired',
  connectionError: 'Connection error',
  failedToConnect: 'Failed to connect to server',
} as const;
