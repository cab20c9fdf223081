/**
 * The BSM Registry view's nodes, without VS Code: groups, their fields (type and name), and under a
 * field that accepts only a predefined list, its allowed values.
 */
import type { BsmGroup } from '../../runner/archive/archiveApi';
import { markdownText } from './markdownText';
import type { ItemModel } from './registryItemModel';

export interface BsmGroupNode {
  kind: 'bsmGroup';
  groupId: string;
  groupName: string | undefined;
  groupDescription: string | undefined;
  fields: BsmFieldNode[];
}

export interface BsmFieldNode {
  kind: 'bsmField';
  groupId: string;
  fieldId: string;
  fieldName: string | undefined;
  fieldDescription: string | undefined;
  fieldType: string;
  fieldValues: string[] | undefined;
}

export interface BsmAllowedValueNode {
  kind: 'bsmAllowedValue';
  groupId: string;
  fieldId: string;
  value: string;
}

export function bsmGroupNodes(registry: readonly BsmGroup[]): BsmGroupNode[] {
  return registry
    .map((group) => ({
      kind: 'bsmGroup' as const,
      groupId: group.groupId,
      groupName: group.groupName,
      groupDescription: group.groupDescription,
      fields: group.fields
        .map((f) => ({ kind: 'bsmField' as const, groupId: group.groupId, fieldId: f.fieldId, fieldName: f.fieldName, fieldDescription: f.fieldDescription, fieldType: f.fieldType, fieldValues: f.fieldValues }))
        .sort((a, b) => a.fieldId.localeCompare(b.fieldId)),
    }))
    .sort((a, b) => a.groupId.localeCompare(b.groupId));
}

export function allowedValueNodes(field: BsmFieldNode): BsmAllowedValueNode[] {
  return (field.fieldValues ?? []).map((value) => ({ kind: 'bsmAllowedValue', groupId: field.groupId, fieldId: field.fieldId, value }));
}

const typeIcons: Record<string, string> = { string: 'symbol-string', long: 'symbol-number', double: 'symbol-number', timestamp: 'calendar', encrypted: 'lock' };

export function bsmGroupItem(node: BsmGroupNode): ItemModel {
  const tooltip = [`**${markdownText(node.groupId)}**${node.groupName ? `: ${markdownText(node.groupName)}` : ''}`];
  if (node.groupDescription) tooltip.push(markdownText(node.groupDescription));
  tooltip.push(`${node.fields.length} field${node.fields.length === 1 ? '' : 's'}`);
  return { label: node.groupId, description: node.groupName ?? '', tooltip: tooltip.join('\n\n'), icon: 'symbol-namespace', contextValue: 'bsmGroup', collapsible: node.fields.length > 0 };
}

export function bsmFieldItem(node: BsmFieldNode): ItemModel {
  const restricted = node.fieldValues !== undefined && node.fieldValues.length > 0;
  const tooltip = [`**${markdownText(node.fieldId)}**${node.fieldName ? `: ${markdownText(node.fieldName)}` : ''}`, `Type: ${markdownText(node.fieldType)}`];
  if (node.fieldDescription) tooltip.push(markdownText(node.fieldDescription));
  tooltip.push(restricted ? `Allowed values: ${(node.fieldValues ?? []).map(markdownText).join(', ')}` : 'Any value of its type.');
  return {
    label: node.fieldId,
    description: [node.fieldType, node.fieldName].filter((part) => part !== undefined && part !== '').join(' · '),
    tooltip: tooltip.join('\n\n'),
    icon: typeIcons[node.fieldType] ?? 'symbol-field',
    contextValue: 'bsmField',
    collapsible: restricted,
  };
}

export function bsmAllowedValueItem(node: BsmAllowedValueNode): ItemModel {
  return { label: node.value, tooltip: `An allowed value of ${markdownText(node.groupId)} / ${markdownText(node.fieldId)}`, icon: 'symbol-constant', contextValue: 'bsmAllowedValue', collapsible: false };
}
