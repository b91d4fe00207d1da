/** What the screens show, formatted the same way in every front end; React-free so the server may use it too. */
export * from './text';
export * from './dates';
export * from './describe-value';
export * from './links';
export * from './describe-alert';
