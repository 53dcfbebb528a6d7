@_exported import FlowModel
