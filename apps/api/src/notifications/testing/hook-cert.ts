/**
 * A self-signed certificate for the name `hook.test` (valid until 2126), and its key: only for tests, where a
 * local https server stands in for a webhook host of that name. Made with
 * `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 -subj /CN=hook.test
 * -addext subjectAltName=DNS:hook.test`.
 */
export const HOOK_TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBlDCCATugAwIBAgIURJihk3uJWPK7C8q594mD11nIqpYwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJaG9vay50ZXN0MCAXDTI2MTEyNTE1MTYxNVoYDzIxMjYxMTAx
MTUxNjE1WjAUMRIwEAYDVQQDDAlob29rLnRlc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQHZdMcUmF1nIZ8GJ+tIupO8oi9XW0Za9/4dAQG6hae6WZsZdIKcN1M
lKm6OwX1Z0j/q7r5vMEMVmPULJxdnx06o2kwZzAdBgNVHQ4EFgQURmQ63bzHNX6b
ssbtyzy463sy8eYwHwYDVR0jBBgwFoAURmQ63bzHNX6bssbtyzy463sy8eYwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglob29rLnRlc3QwCgYIKoZIzj0EAwID
RwAwRAIgH9rRsjfO3TRBMI+SA9pLVX1OZ+gGMe5bGPN5zBLcVggCIB4KedJbLYxO
xMDjStqcDihjyokz9wkKqdpKo4xXYlPJ
-----END CERTIFICATE-----
`;

export const HOOK_TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgdZZMezJI4ZgPvAi9
/G60++2fkT9TXUmdWnn3c1X3MDChRANCAAQHZdMcUmF1nIZ8GJ+tIupO8oi9XW0Z
a9/4dAQG6hae6WZsZdIKcN1MlKm6OwX1Z0j/q7r5vMEMVmPULJxdnx06
-----END PRIVATE KEY-----
`;
