/**
 * Signing a web app in to the dotink server (`@dotink/view/auth`): the shared OAuth PKCE client,
 * without the page view. Each app keeps its own session class, keys and scopes.
 */
export * from './pkceClient';
