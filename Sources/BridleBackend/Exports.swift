// A model's own tool-call and reasoning formats are part of the backend interface
// (``LanguageModel/toolCallFormat``): backends derive them, sessions use them.
@_exported import struct BridleTemplate.ParsedToolCall
@_exported import struct BridleTemplate.ParsedToolCalls
@_exported import struct BridleTemplate.ReasoningFormat
@_exported import struct BridleTemplate.ToolCallFormat
@_exported import struct BridleTemplate.ToolCallParseError
@_exported import struct BridleTemplate.ToolCallIDSlot
