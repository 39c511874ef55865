/**
 * Downloading a material's file (its PDF or .nproj, the `downloadUri` the server answers) with the
 * signed-in teacher's token: a school's own materials are not public (`GET
 * .../attachment/{kind}` needs the read permission), so a plain `fetch` of the address is refused.
 */

/** Downloads a file's bytes. */
export type FetchFile = (uri: string) => Promise<Uint8Array>;

/**
 * A {@link FetchFile} over `fetch` sending the bearer token (the material files of the school
 * need it; the built-in textbooks' are public): a status other than 2xx is a failure.
 */
export function authorizedFetchFile(
  accessToken: () => Promise<string | undefined>,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): FetchFile {
  return async (uri) => {
    const token = await accessToken();
    const res = await fetchImpl(uri, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    if (!res.ok) throw new Error(`${uri}: ${res.status} ${res.statusText}`.trim());
    return new Uint8Array(await res.arrayBuffer());
  };
}
