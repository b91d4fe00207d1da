/**
 * `@zaytoon/core/worker`: what only the worker runs, apart from the root entry because it loads the
 * worker's native, mail and HTML packages (sharp, nodemailer, htmlparser2), which the API neither needs nor installs.
 */
export * from './images/avatar.repository';
export * from './images/avatar.service';
export * from './images/image.repository';
export * from './photos/photo-processing.service';
export * from './photos/photos.repository';
export * from './mail/mail.repository';
export * from './mail/mail.service';
export * from './links/link-checker';
export * from './links/link-check.service';
