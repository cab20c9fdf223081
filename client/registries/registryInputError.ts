/** A command's input that cannot be sent (a bad argument, an id against the rule, a missing code):
 * shown to the user as it is, without a stack. */
export class RegistryInputError extends Error {
  override name = 'RegistryInputError';
}
