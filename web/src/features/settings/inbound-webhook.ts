/**
 * The webhook URL with `secret` as HTTP Basic's password (decision 0021), for forwarding services
 * that only take credentials in the URL; the user name is not read. A URL that does not parse is
 * given back as it is.
 */
export function urlWithSecret(webhookUrl: string, secret: string): string {
  try {
    const url = new URL(webhookUrl);
    url.username = 'inbound';
    url.password = secret;
    return url.toString();
  } catch {
    return webhookUrl;
  }
}

/** The same URL with a placeholder where the secret goes, to show how it is written. */
export function urlWithSecretPattern(webhookUrl: string): string {
  return urlWithSecret(webhookUrl, 'SECRET').replace(':SECRET@', ':<secret>@');
}
