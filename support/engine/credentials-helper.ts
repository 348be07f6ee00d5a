import {
	ICredentialsHelper,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type ICredentialType,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeProperties,
	type IRequestOptionsSimplified,
	type Workflow,
} from 'n8n-workflow';

/**
 * Hands the node the test's credential data and applies the credential type's `authenticate` the way
 * n8n's own CredentialsHelper does: a generic definition's values are n8n expressions over
 * $credentials, resolved by the workflow's expression engine.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly credentialTypes: Map<string, ICredentialType>,
		/** Credential data by type, or by `type:id` for a workflow whose nodes use several of one type. */
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
		/** A node type that authenticates with another definition of a credential type (an earlier release's). */
		private readonly definitionsByNodeType: Map<string, ICredentialType> = new Map(),
		/** The node types each credential type supports, as n8n's loader lists them. */
		private readonly supportedNodes: Map<string, string[]> = new Map(),
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	/**
	 * As n8n's own CredentialsHelper (2.24 and later, which ask before handing a node a credential): a
	 * credential type that restricts itself to its supported nodes is usable only by those, named as
	 * n8n's loader names them — the package's node types and their AI-tool forms.
	 */
	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const definition = this.credentialTypes.get(credentialType) as
			| (ICredentialType & { restrictToSupportedNodes?: boolean })
			| undefined;
		if (!definition?.restrictToSupportedNodes) return true;
		return (this.supportedNodes.get(credentialType) ?? []).includes(nodeType);
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const options = requestOptions as IHttpRequestOptions;
		const definition =
			this.definitionsByNodeType.get(node.type) ?? this.credentialTypes.get(typeName);
		const authenticate = definition?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (authenticate?.type !== 'generic') return options;

		const resolve = (value: unknown) =>
			typeof value === 'string' && value.startsWith('=')
				? workflow.expression.getSimpleParameterValue(
						node,
						value,
						'internal',
						{ $credentials: credentials },
						undefined,
						'',
					)
				: value;
		const target = options as unknown as Record<string, Record<string, unknown>>;
		for (const [part, entries] of Object.entries(authenticate.properties)) {
			target[part] ??= {};
			for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
				target[part][String(resolve(key))] = resolve(value);
			}
		}
		return options;
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(_details: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		throw new Error(`Encrypted credentials are not available in tests (${type})`);
	}

	/** The data given for the credential's ID (`type:id`), else for its type. */
	async getDecrypted(
		_additionalData: unknown,
		details: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data[`${type}:${details.id}`] ?? this.data[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return data;
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialTypes.get(type)?.properties ?? [];
	}
}
